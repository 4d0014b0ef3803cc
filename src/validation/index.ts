/**
 * The validation engine: payloads against the compiled JSON Schemas with the wire's leniency, plus the
 * named rules of src/rules/. Nothing outside this folder touches ajv.
 */
export type { PayloadKind } from './kinds.js';
export { PAYLOAD_KINDS, detectKind, isPayloadKind } from './kinds.js';
export type { ValidateOptions } from './validate-payload.js';
export { validatePayload } from './validate-payload.js';
export { schemaErrors } from './schema-errors.js';
export { validateConfigDocument } from './config.js';
export { validateProfileDocument } from './profile.js';
export { statusOfFindings } from './check-result.js';
export { lenientCoercion } from './classify.js';
export type { ReaderForm, ValueReading } from './platform-reader.js';
export { FORMS, formSeverity, readBoolean, readName, readNumber, readProperty, readValue } from './platform-reader.js';
export type { ResponseShape, UnwrappedResponseInfo } from './response-shape.js';
export { RESPONSE_INFO_FIELDS, describeFrameworkError, isFrameworkErrorBody, responseShape, unwrapResponseInfo, wrappedToFlat } from './response-shape.js';
export { FLAT_RESPONSE_INFO_MESSAGE, FRAMEWORK_ERROR_MESSAGE } from './response-form.js';
