/**
 * An alert configuration has no asynchronous state: create, update, toggle and delete take effect
 * when the API answers (operations 5-9 return the configuration as it now is, delete answers 204),
 * so nothing waits and the resource takes no `timeouts` input. This file exists so every resource
 * folder has the same shape.
 */
export {};
