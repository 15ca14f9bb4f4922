import "server-only";
import { ENTITY_SETS, NAMESPACE, setNamed, type EntitySet, type Navigation } from "./model";

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

/** The navigation of the target set that leads back (its partner), if any. */
const partnerOf = (set: EntitySet, nav: Navigation) => setNamed(nav.target)!.navigation.find((back) => back.target === set.name);

function entityType(set: EntitySet): string {
  const properties = set.properties.map((p) => `<Property Name="${p.name}" Type="${p.type}" Nullable="${p.nullable}"/>`);
  const navigation = set.navigation.map((nav) => {
    const target = setNamed(nav.target)!;
    const partner = partnerOf(set, nav);
    const type = nav.many ? `Collection(${NAMESPACE}.${target.type})` : `${NAMESPACE}.${target.type}`;
    const constraint = nav.many ? "" : `<ReferentialConstraint Property="${nav.from}" ReferencedProperty="${nav.to}"/>`;
    return `<NavigationProperty Name="${nav.name}" Type="${type}"${nav.many ? "" : ' Nullable="false"'}${partner ? ` Partner="${partner.name}"` : ""}>${constraint}</NavigationProperty>`;
  });
  return `<EntityType Name="${set.type}"><Key>${set.key.map((k) => `<PropertyRef Name="${k}"/>`).join("")}</Key>${[...properties, ...navigation].join("")}</EntityType>`;
}

/** The CSDL XML document ($metadata) of every entity set. */
export function metadataDocument(): string {
  const sets = ENTITY_SETS.map(
    (set) =>
      `<EntitySet Name="${set.name}" EntityType="${NAMESPACE}.${set.type}">${set.navigation.map((n) => `<NavigationPropertyBinding Path="${n.name}" Target="${n.target}"/>`).join("")}</EntitySet>`,
  );
  return (
    `<?xml version="1.0" encoding="utf-8"?>` +
    `<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx"><edmx:DataServices>` +
    `<Schema Namespace="${escapeXml(NAMESPACE)}" xmlns="http://docs.oasis-open.org/odata/ns/edm">${ENTITY_SETS.map(entityType).join("")}` +
    `<EntityContainer Name="Container">${sets.join("")}</EntityContainer></Schema></edmx:DataServices></edmx:Edmx>`
  );
}

/** The service document: every entity set, by name and address. */
export const serviceDocument = (base: string) => ({
  "@odata.context": `${base}/$metadata`,
  value: ENTITY_SETS.map((set) => ({ name: set.name, kind: "EntitySet", url: set.name })),
});
