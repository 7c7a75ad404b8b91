/**
 * Global setup of the workers tests: a local Web Push service (./push-service.ts) in Node, outside
 * workerd. Tests reach it at http://localhost:<inject("pushServicePort")>.
 */
import type { TestProject } from "vitest/node";
import { startPushService } from "./push-service";

declare module "vitest" {
  export interface ProvidedContext {
    pushServicePort: number;
  }
}

export default async function setup(project: TestProject) {
  const service = await startPushService();
  project.provide("pushServicePort", service.port);
  return () => service.stop();
}
