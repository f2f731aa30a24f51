// Wire types of the enrichment API (../shared/spec/enrichment-api-spec.md), shared by the client
// and the fake API so the two cannot drift apart.
import type { OperationType } from './operations';

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
