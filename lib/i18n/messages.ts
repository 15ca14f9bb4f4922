import "server-only";
import en from "@/messages/en.json";
import es from "@/messages/es.json";
import type { Locale } from "./locales";

/** Every language's messages, one file each under messages/; en.json is the source of the keys. */
export const MESSAGES: Record<Locale, typeof en> = { en, es };
