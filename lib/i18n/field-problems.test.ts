import fc from "fast-check";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseSync } from "@swc/core";
import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { CreateAlert } from "@/lib/contract/alerts";
import { CreateApiKeyRequest, LoginRequest } from "@/lib/contract/auth";
import { MAGNITUDE_MESSAGE, outsideValidRange } from "@/lib/contract/constants";
import { InitiativeBody } from "@/lib/contract/initiatives";
import { CreateKpi, UpdateKpi } from "@/lib/contract/kpis";
import { PasswordResetConfirm, PasswordResetRequest } from "@/lib/contract/password-reset";
import { AcceptInvitationRequest, ChangePasswordRequest, CreateInvitationRequest, SetupRequest } from "@/lib/contract/people";
import { CreateDocument, UpdateDocument } from "@/lib/contract/scorecards";
import { SsoConfigRequest } from "@/lib/contract/sso";
import { CreateWebhook } from "@/lib/contract/webhooks";
import { parseCell } from "@/components/values/grid-model";
import es from "@/messages/es.json";
import { type AstNode, filesUnder, REPO_ROOT, walkAst } from "@/lib/testing/source-tree";
import { fieldProblem } from "./field-problems";

const root = REPO_ROOT;
const sources = (dir: string) => filesUnder(dir, (name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));

/** zod's checks whose last argument is the contract's sentence for a failure. */
const CHECKS = new Set(["min", "max", "length", "regex", "refine", "int", "positive", "nonnegative", "gt", "gte", "lt", "lte", "email", "url"]);
/** Sentences written as `message` or `error` that are not a field's problem. */
const NOT_PROBLEMS = new Set(["If that e-mail belongs to a user, a reset link is on its way; it is valid for one hour."]);

type Node = AstNode;

/** Each sentence the file writes about a field, its `${…}` parts filled with a sample. */
function sentences(file: string): string[] {
  const text = (node: Node | undefined): string | null => {
    if (node?.type === "StringLiteral") return node.value as string;
    if (node?.type === "TemplateLiteral") return (node.quasis as { cooked?: string; raw: string }[]).map((q) => q.cooked ?? q.raw).join("7");
    return null;
  };
  const found: string[] = [];
  walkAst(parseSync(readFileSync(path.join(root, file), "utf8"), { syntax: "typescript" }), (n) => {
    const key = n.key as Node | undefined;
    if (n.type === "KeyValueProperty" && key?.type === "Identifier" && ["message", "error"].includes(key.value as string) && text(n.value as Node) !== null)
      found.push(text(n.value as Node)!);
    const callee = n.callee as Node | undefined;
    // The address guard's refusals are a webhook's or a connector's URL problem.
    if (n.type === "NewExpression" && callee?.type === "Identifier" && callee.value === "ForbiddenAddressError")
      found.push(text((n.arguments as { expression: Node }[])[0]!.expression)!);
    const args = n.arguments as { expression: Node }[] | undefined;
    if (n.type === "CallExpression" && callee?.type === "MemberExpression" && CHECKS.has(((callee.property as Node).value as string) ?? "") && args?.length) {
      const last = text(args[args.length - 1]!.expression);
      if (last !== null) found.push(last);
    }
  });
  return found.filter((sentence) => !NOT_PROBLEMS.has(sentence));
}

const FORMS: z.ZodType[] = [
  CreateAlert,
  CreateApiKeyRequest,
  LoginRequest,
  InitiativeBody,
  CreateKpi,
  UpdateKpi,
  PasswordResetConfirm,
  PasswordResetRequest,
  AcceptInvitationRequest,
  ChangePasswordRequest,
  CreateInvitationRequest,
  SetupRequest,
  CreateDocument,
  UpdateDocument,
  SsoConfigRequest,
  CreateWebhook,
];

const spanish = createTranslator({ locale: "es", messages: es, namespace: "errors" });
const inSpanish = (message: string) => {
  const problem = fieldProblem(message);
  return problem && spanish(`problems.${problem.key}`, problem.values);
};

describe("field problems in the reader's language", () => {
  it("has a message for every sentence the contract and the service write about a field", () => {
    const written = [...sources("lib/contract"), ...sources("lib/service"), "components/values/grid-model.ts"].flatMap((file) =>
      sentences(file).map((sentence) => ({ file, sentence })),
    );
    expect(written.length).toBeGreaterThan(100);
    expect(written.filter(({ sentence }) => fieldProblem(sentence) === null)).toEqual([]);
  });

  it("has a message for every problem zod finds in what the dashboard's forms send", () => {
    const value = fc.oneof(
      fc.anything(),
      fc.string({ maxLength: 3 }),
      fc.string({ minLength: 190, maxLength: 2100 }),
      fc.integer(),
      fc.double(),
      fc.constant(undefined),
    );
    for (const form of FORMS) {
      // A pipe (LoginRequest takes `password` for `contraseña`) has its fields on its input.
      const object = (form instanceof z.ZodPipe ? form.in : form) as z.ZodObject;
      const keys = Object.keys(object.shape);
      fc.assert(
        fc.property(fc.record(Object.fromEntries([...keys, "colour"].map((k) => [k, value])), { requiredKeys: [] }), (body) => {
          const parsed = form.safeParse(body);
          for (const issue of parsed.error?.issues ?? []) expect(fieldProblem(issue.message), issue.message).not.toBeNull();
        }),
        { numRuns: 500 },
      );
    }
  });

  it("says the grid's own problems too", () => {
    for (const message of [
      MAGNITUDE_MESSAGE,
      outsideValidRange(150, { validMin: 0, validMax: 100 })!,
      outsideValidRange(-1, { validMin: 0, validMax: null })!,
      outsideValidRange(9, { validMin: null, validMax: 5 })!,
      (parseCell("abc") as { message: string }).message,
    ]) {
      expect(fieldProblem(message), message).not.toBeNull();
    }
  });

  it("fills the Spanish sentence with the English one's figures and names", () => {
    expect(inSpanish("Too small: expected string to have >=1 characters")).toBe("Al menos 1 carácter");
    expect(inSpanish("Too big: expected string to have <=200 characters")).toBe("Como máximo 200 caracteres");
    expect(inSpanish("At most 90 days")).toBe("Como máximo 90 días");
    expect(inSpanish("Too small: expected number to be >=0.5")).toBe("Como mínimo 0,5");
    expect(inSpanish("Invalid input: expected string, received undefined")).toBe("Obligatorio");
    expect(inSpanish("name is required")).toBe("Obligatorio");
    expect(inSpanish("Locked: periods up to 2026-03-31 cannot change")).toBe("Bloqueado: los periodos hasta 2026-03-31 no pueden cambiar");
    expect(inSpanish("No KPI [Churn rate] in this scorecard")).toBe("No hay ningún KPI [Churn rate] en este cuadro de mando");
    expect(inSpanish(outsideValidRange(150, { validMin: 0, validMax: 100 })!)).toBe("Fuera del rango válido de este KPI: sus valores van de 0 a 100");
    expect(inSpanish("Sales would be off track in ago 2024: add a note saying why, then save")).toBe(
      "Sales quedaría desviado en ago 2024: añade una nota que diga por qué y guarda",
    );
    expect(inSpanish("Something nobody wrote")).toBeNull();
  });
});
