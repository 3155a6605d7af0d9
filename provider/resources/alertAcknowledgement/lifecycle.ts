import { synchronous } from "../../framework/lifecycle";

export const lifecycle = synchronous(
  "acknowledging and unacknowledging an alert take effect when the API answers",
);
