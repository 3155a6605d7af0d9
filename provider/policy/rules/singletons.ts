/**
 * No two resources of a stack manage one singleton (defineSingleton: an object that always exists,
 * one per id): they would overwrite each other at every update, and only `up` finds out. The key is
 * the declaration's id parts, so a new singleton is covered without touching this rule.
 */
import { singletonKeyParts } from "../platformTypes";
import { defineRule, type PlatformResource } from "../rule";

export const oneResourcePerSingleton = defineRule({
  id: "one-resource-per-singleton",
  description:
    "Two resources managing one singleton (two Auditing for a project, two schedules for a cluster) overwrite each other at every update.",
  enforcementLevel: "mandatory",
  settings: {},
  validateStack: (resources, _config, report) => {
    const first = new Map<string, PlatformResource>();
    for (const resource of resources) {
      const parts = singletonKeyParts(resource.type);
      if (parts === undefined) continue;
      const values = parts.map((part) => resource.props[part]);
      if (values.some((value) => typeof value !== "string")) continue;
      const key = `${resource.type} ${values.join("/")}`;
      const holder = first.get(key);
      if (holder === undefined) {
        first.set(key, resource);
        continue;
      }
      report({
        resource,
        property: parts.join(", "),
        problem: `${values.join("/")} is the same as ${holder.type} "${holder.name}"'s: one ${resource.type} exists per ${parts.join(" and ")}`,
        fix: `keep one ${resource.type} resource for ${values.join("/")} (delete this one, or merge its settings into "${holder.name}")`,
      });
    }
  },
});
