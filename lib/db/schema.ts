// The database's tables, one file per area; drizzle-kit and the code read them all from here.
export * from "./tables/people";
export * from "./tables/scorecards";
export * from "./tables/webhooks";
export * from "./tables/dashboard";
export * from "./tables/notifications";
export * from "./tables/history";
export * from "./tables/connectors";
export * from "./tables/feeds";
export * from "./tables/sign-in";
