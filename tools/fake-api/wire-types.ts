// The response bodies of docs/api-spec.md (Resources and their fields), as
// the fake sends them. Written from the spec, not shared with the add-on's client: when the two
// read the spec differently, the tests that run one against the other say so.

/** HTTP 200 of `POST /`: `result` is null when nothing was found (still charged). */
export interface SuccessResponse {
  status: 'success';
  result: unknown;
}

/** HTTP 202 of `POST /`. */
export interface AsyncAcceptedResponse {
  status: 'processing';
  job_id: string;
  poll_url: string;
}

/** HTTP 200 of `GET /status/{job_id}`. */
export interface JobStatusResponse {
  status: 'processing' | 'done' | 'error';
  result?: unknown;
  message?: string;
}

/** 401, 402, 404, 422, 429 and (this fake's choice) 5xx. */
export interface ErrorResponse {
  status: 'error';
  message: string;
}
