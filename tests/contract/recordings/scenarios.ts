/**
 * Every recorded scenario in this project's scope (issue 38), in one list: the inventory with its
 * counts is tests/contract/recordings/README.md.
 */
import { backupJobScenarios } from "./backupJobs";
import { complianceScenarios } from "./compliance";
import { projectScenarios, type RecordedScenario, type ScenarioContext } from "./expectations";
import { searchScenarios } from "./search";

export function recordedScenarios(context: ScenarioContext): readonly RecordedScenario[] {
  return [
    ...projectScenarios(context),
    ...complianceScenarios(context),
    ...backupJobScenarios(context),
    ...searchScenarios(context),
  ];
}
