// The response fields lib/contract/BSC-API.md lists for the vendor's shapes: what a script
// written from the catalog reads. Plain JavaScript, so the stdlib-only e2e/vendor-walk.mjs and
// the tests share one list.
export const DOC = ["id", "guid", "name", "alias", "description", "icon", "type", "ownerId", "treeGroupId", "sharedForPublic", "sharedForRegRW", "items"];
export const KPI = ["guid", "name", "description", "indicatorType", "measure", "measureNames", "updateInterval", "acceptValueData", "initiatives", "items"];
export const VAL = ["date", "value", "target", "baseline", "min", "max", "valueDate", "targetDate", "baselineDate", "minDate", "maxDate", "item"];
export const INIT = [
  "guid",
  "name",
  "description",
  "status",
  "initiativeType",
  "showOnMap",
  "budget",
  "actualBudget",
  "currency",
  "duration",
  "durationUnit",
  "intervalStart",
  "intervalEnd",
  "author",
  "responsible",
  "alignedKpiGuid",
  "alignedInitiativesGuids",
  "documents",
];
