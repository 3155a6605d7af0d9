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
    const holders = new Map<string, PlatformResource[]>();
    for (const resource of resources) {
      const parts = singletonKeyParts(resource.type);
      if (parts === undefined) continue;
      const values = parts.map((part) => resource.props[part]);
      if (values.some((value) => typeof value !== "string")) continue;
      const key = `${resource.type} ${values.join("/")}`;
      holders.set(key, [...(holders.get(key) ?? []), resource]);
    }
    for (const group of holders.values()) {
      // By name, so the resource kept is the same whatever order the engine lists the stack in.
      const [kept, ...others] = [...group].sort((a, b) => a.name.localeCompare(b.name));
      if (kept === undefined) continue;
      const parts = singletonKeyParts(kept.type) ?? [];
      const key = parts.map((part) => kept.props[part]).join("/");
      for (const resource of others)
        report({
          resource,
          property: parts.join(", "),
          problem: `${key} is the same as ${kept.type} "${kept.name}"'s: one ${kept.type} exists per ${parts.join(" and ")}`,
          fix: `keep one ${kept.type} resource for ${key} (delete this one, or merge its settings into "${kept.name}")`,
        });
    }
  },
});
