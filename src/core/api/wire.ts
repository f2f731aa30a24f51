// The request the client sends (docs/api-spec.md). Answers are read as untyped JSON in answers.ts,
// which trusts no field it has not checked. The fake API writes its own wire types from the spec
// (tools/fake-api/wire-types.ts): tests that run the client against it catch a misreading.
import type { OperationType } from '../../shared/operation-type';

/** JSON body of `POST /`. Optional fields that are blank are not sent at all. */
export interface EnrichmentRequest {
  type: OperationType;
  input_data: string;
  department?: string;
  seniority?: string;
  employee_count?: number;
}
