/** Search nodes in production: enough of them to survive losing one. */
import { declaredProperty } from "../platformTypes";
import { defineRule } from "../rule";
import { objectsOf, PRODUCTION_SETTING } from "./values";

const SPECS = declaredProperty("SearchDeployment", "specs");

export const searchNodesInProduction = defineRule({
  id: "search-nodes-in-production",
  description: "One search node is a single point of failure: production searches stop while it restarts.",
  enforcementLevel: "advisory",
  settings: {
    production: PRODUCTION_SETTING,
    minNodeCount: {
      type: "integer",
      minimum: 1,
      default: 2,
      description: "The fewest search nodes in production.",
    },
  },
  validateResource: (resource, config, report) => {
    if (resource.type !== "SearchDeployment" || !config.production) return;
    objectsOf(resource.props[SPECS]).forEach((spec, index) => {
      const count = spec.nodeCount;
      if (typeof count !== "number" || count >= config.minNodeCount) return;
      report({
        resource,
        property: `${SPECS}[${index}].nodeCount`,
        problem: `is ${count}, below ${config.minNodeCount} in production`,
        fix: `set nodeCount to ${config.minNodeCount} or more`,
      });
    });
  },
});
