// End-to-end tests drive the same local-stack runner the demo uses.
export { emulatorStack, LocalStack as E2EStack, repoRoot, runProcess } from "../../scripts/lib/pulumi-stack";
