// The spec's response bodies (SuccessResponse, AsyncAcceptedResponse, JobStatusResponse,
// ErrorResponse), as the fake writes them.

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
