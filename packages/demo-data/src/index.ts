export {
  DEMO_PROVIDERS,
  demoProviderProfile,
  demoResources,
  isDemoProvider,
  type DemoProvider,
  type DemoProviderProfile,
} from './demo-providers';
export {
  demoPersona,
  demoResourcesFor,
  demoSeed,
  generateDemoBatch,
  type DemoBatchRequest,
} from './generate';
export type { Persona } from './persona';
export { resourceDays } from './resource-days';
export {
  DEMO_HISTORICAL_PULL_JOB,
  DEMO_HISTORICAL_PULL_TASK,
  DEMO_HISTORY_DAYS,
  type DemoPullTaskData,
} from './demo-connection';
