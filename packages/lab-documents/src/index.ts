export * from './types';
export { requisitionPdf, type RequisitionInput } from './requisition-pdf';
export { resultsPdf, resultFlag, type ResultsInput } from './results-pdf';
export {
  collectionInstructionsPdf,
  collectionSteps,
  type CollectionInstructionsInput,
} from './collection-instructions-pdf';
export { abnPdf, formatCost, type AbnInput, type AbnItem } from './abn-pdf';
export { labelsPdf, LABEL_SHEET, type LabelsInput } from './labels-pdf';
export { LabDocumentInputError } from './lab-document-input-error';
export { encodeCode128, QUIET_ZONE_MODULES, type Code128 } from './barcode/code128';
export { LABEL_COUNT, LIMITS } from './layout/limits';
