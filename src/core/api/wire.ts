// Wire types of the enrichment API (../shared/spec/enrichment-api-spec.md), as the client reads
// them. The fake API writes its own from the spec (fake-api/wire-types.ts): tests that run the
// client against it catch a misreading on either side.
import type { OperationType } from '../operations/types';

/** JSON body of `POST /`. Optional fields that are blank are not sent at all. */
export interface EnrichmentRequest {
  type: OperationType;
  input_data: string;
  department?: string;
  seniority?: string;
  employee_count?: number;
}

export interface SuccessResponse {
  status: 'success';
  result: unknown;
}

export interface AsyncAcceptedResponse {
  status: 'processing';
  job_id: string;
  poll_url: string;
}

export interface JobStatusResponse {
  status: 'processing' | 'done' | 'error';
  result?: unknown;
  message?: string;
}

export interface ErrorResponse {
  status: 'error';
  message: string;
}
