/** Database auditing in production: enabled, and recording something. */
import { declaredProperty } from "../platformTypes";
import { defineRule } from "../rule";
import { objectOf, PRODUCTION_SETTING } from "./values";

const ENABLED = declaredProperty("Auditing", "enabled");
const AUDIT_FILTER = declaredProperty("Auditing", "auditFilter");

/** Whether an audit filter selects nothing: left out, `{}` or blank (given as JSON text or as an object). */
function isEmptyFilter(filter: unknown): boolean {
  if (filter === undefined || filter === null) return true;
  if (typeof filter === "string") {
    const text = filter.trim();
    if (text === "") return true;
    try {
      const parsed = objectOf(JSON.parse(text));
      return parsed !== undefined && Object.keys(parsed).length === 0;
    } catch {
      return false; // the resource's check reports text that is not JSON
    }
  }
  const object = objectOf(filter);
  return object !== undefined && Object.keys(object).length === 0;
}

export const auditingInProduction = defineRule({
  id: "auditing-in-production",
  description:
    "Production projects keep an audit log of who did what; a filter of {} records nothing useful to review.",
  enforcementLevel: "advisory",
  settings: { production: PRODUCTION_SETTING },
  validateResource: (resource, config, report) => {
    if (resource.type !== "Auditing" || !config.production) return;
    if (resource.props[ENABLED] !== true)
      report({ resource, property: ENABLED, problem: "is not true in production", fix: "set enabled: true" });
    if (isEmptyFilter(resource.props[AUDIT_FILTER]))
      report({
        resource,
        property: AUDIT_FILTER,
        problem: "selects no events in production",
        fix: 'set auditFilter to the events to record (for example {"atype": "authenticate"})',
      });
  },
});
