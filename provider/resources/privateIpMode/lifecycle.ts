import { synchronous } from "../../framework/lifecycle";

export const lifecycle = synchronous(
  "setting the project's private IP mode (operation 77) takes effect when the API answers",
);
