/** What the lab gateway (services/lab-gateway) composes: results in over MLLP, orders out to the lab. */
export { applyLabResultMessage, type ApplyLabResultOutcome } from './apply-lab-result';
export { createLabResultHandler, type LabResultHandlerDeps } from './lab-result-handler';
export {
  LAB_UNAVAILABLE,
  labOrderRequestOf,
  submitOrderToLab,
  type LabOrderRouting,
  type SubmitOrderToLabArgs,
  type TestCoding,
} from './submit-order-to-lab';
export {
  LAB_SUBMISSION_POINTS,
  LAB_SUBMISSION_STATUSES,
  collectedAtOf,
  isDueForLab,
} from './lab-submission-policy';
export { REQUISITION_METHODS, createRequisitionIfDue, isRequisitionDue } from './requisition-step';
export { createLabResultsRepository, type LabSubmissionRecord } from './lab-results.repository';
/** The sandbox catalogue a sandbox team starts with (tests and benchmarks seed teams with it). */
export { ensureSandboxCatalogue } from '../lab-tests/sandbox-catalogue';
