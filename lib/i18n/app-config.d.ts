import type en from "@/messages/en.json";
import type { Locale } from "./locales";

// Message keys and locales are checked by the compiler: a key missing from en.json does not build.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof en;
  }
}
