import { useTranslations } from "next-intl";
import type { Role } from "@/lib/contract/people";
import { selectClass } from "@/components/ui/field";

/** A role picker; `highest` leaves out roles above it (an API key cannot outrank its creator). */
export function RoleSelect({
  id,
  name,
  label,
  value,
  onChange,
  highest = "admin",
  disabled,
}: {
  id: string;
  name?: string;
  label: string;
  value?: Role;
  onChange?: (role: Role) => void;
  highest?: Role;
  disabled?: boolean;
}) {
  const t = useTranslations("roles");
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
        <option key={role} value={role} title={t(`means.${role}`)}>
          {t(`title.${role}`)}
        </option>
      ))}
    </select>
  );
}
