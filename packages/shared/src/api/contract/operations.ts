/** Probes for orchestrators and the development outbox. */
export const operationCalls = {};
