/** cronstrue's per-language modules register their words with cronstrue when imported and export nothing we use. */
declare module "cronstrue/locales/*";
