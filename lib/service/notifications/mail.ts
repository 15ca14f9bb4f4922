import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import type { SendResult } from "../webhooks/send";

export interface MailConfig {
  /** smtp://user:pass@host:587 or smtps://host:465, as nodemailer reads it. */
  smtpUrl: string;
  from: string;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const transports = new Map<string, Transporter>();

function transportFor(smtpUrl: string): Transporter {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    const url = new URL(smtpUrl);
    transport = nodemailer.createTransport({
      host: url.hostname,
      port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
      secure: url.protocol === "smtps:",
      auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/**
 * Sends one e-mail. The Message-ID is derived from the outbox event, so a retry after a lost
 * answer carries the same id and mail clients can tell it is the same message.
 */
export async function sendMail(config: MailConfig, to: string, eventId: string, content: MailContent): Promise<SendResult> {
  try {
    await transportFor(config.smtpUrl).sendMail({ from: config.from, to, messageId: `<${eventId}@gauge>`, ...content });
    return { status: 250, retryAfterSeconds: null, error: null };
  } catch (error) {
    const code = (error as { responseCode?: number }).responseCode;
    return { status: typeof code === "number" ? code : null, retryAfterSeconds: null, error: (error as Error).message };
  }
}
