import { synchronous } from "../../framework/lifecycle";

export const lifecycle = synchronous(
  "the schedule always exists; PATCH and DELETE (the reset) answer the schedule as it now is",
);
