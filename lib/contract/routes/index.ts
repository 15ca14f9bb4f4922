// Every operation of the KPI API: method, path, parameters, bodies and responses. The service
// attaches a handler to each; the dashboard's endpoint table names the ones it uses.
import * as activity from "./activity";
import * as alerts from "./alerts";
import * as auth from "./auth";
import * as connectors from "./connectors";
import * as feeds from "./feeds";
import * as forecast from "./forecast";
import * as grouped from "./grouped";
import * as history from "./history";
import * as initiatives from "./initiatives";
import * as kpis from "./kpis";
import * as maps from "./maps";
import * as notes from "./notes";
import * as people from "./people";
import * as publicScorecards from "./public";
import * as reports from "./reports";
import * as scorecards from "./scorecards";
import * as signIn from "./sign-in";
import * as values from "./values";
import * as webhooks from "./webhooks";

export const operations = {
  ...auth,
  ...people,
  ...scorecards,
  ...kpis,
  ...values,
  ...grouped,
  ...webhooks,
  ...alerts,
  ...publicScorecards,
  ...initiatives,
  ...maps,
  ...reports,
  ...notes,
  ...history,
  ...activity,
  ...connectors,
  ...feeds,
  ...forecast,
  ...signIn,
};
export type Operations = typeof operations;
export type OperationName = keyof Operations;
