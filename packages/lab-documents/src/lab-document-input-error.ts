import { BadRequestError } from '@meridian/domain';

/** Input a document cannot be made from (bad sample id, label count out of range): a 400 at the API. */
export class LabDocumentInputError extends BadRequestError {
  constructor(
    errorType: 'invalid_sample_id' | 'invalid_number_of_labels' | 'invalid_collection_date',
    message: string,
  ) {
    super(errorType, message);
  }
}
