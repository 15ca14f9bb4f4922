import type { Role } from "@/lib/contract/people";
import { selectClass } from "@/components/ui/field";

export const ROLE_LABEL: Record<Role, string> = {
  admin: "Admin: people, API keys, webhooks, every scorecard",
  expert: "Expert: builds scorecards, enters values, uses the API",
  viewer: "Viewer: reads the scorecards shared with them",
};

/** A role picker; `highest` leaves out roles above it (an API key cannot outrank its creator). */
export function RoleSelect({ id, name, label, value, onChange, highest = "admin", disabled }: {
  id: string;
  name?: string;
  label: string;
  value?: Role;
  onChange?: (role: Role) => void;
  highest?: Role;
  disabled?: boolean;
}) {
  const roles: Role[] = (["admin", "expert", "viewer"] as const).filter((r) => highest === "admin" || (highest === "expert" ? r !== "admin" : r === "viewer"));
  return (
    <select
      id={id}
      name={name}
      aria-label={label}
      className={selectClass}
      value={value}
      defaultValue={value === undefined ? roles[Math.min(1, roles.length - 1)] : undefined}
      disabled={disabled}
      onChange={onChange && ((event) => onChange(event.target.value as Role))}
    >
      {roles.map((role) => (
        <option key={role} value={role} title={ROLE_LABEL[role]}>
          {role[0]!.toUpperCase() + role.slice(1)}
        </option>
      ))}
    </select>
  );
}
