import type { FieldErrors } from '@makan/contract/envelope';
import { HTTP_TEXT } from '@makan/contract/texts';

/** A failure a service can state; the error handler turns it into the envelope and its status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    /** What the client needs to go on, sent as the failure envelope's `data`. */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export class BadRequest extends AppError {
  constructor(message: string = HTTP_TEXT[400]) {
    super(400, message);
  }
}
export class Unauthorized extends AppError {
  constructor(message: string = HTTP_TEXT[401]) {
    super(401, message);
  }
}
export class Forbidden extends AppError {
  constructor(message: string = HTTP_TEXT[403], data?: unknown) {
    super(403, message, undefined, data);
  }
}
export class NotFound extends AppError {
  constructor(message: string = HTTP_TEXT[404]) {
    super(404, message);
  }
}
export class TooManyRequests extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = HTTP_TEXT[429],
  ) {
    super(429, message);
  }
}
/** 422 with the messages of each field. */
export class Invalid extends AppError {
  constructor(errors: FieldErrors, message: string = HTTP_TEXT[422]) {
    super(422, message, errors);
  }
}
/** 413: the body, or a file in it, is over its limit. `errors` names the field when there is one. */
export class PayloadTooLarge extends AppError {
  constructor(message: string = HTTP_TEXT[413], errors?: FieldErrors) {
    super(413, message, errors);
  }
}
/** An upstream service (e.g. an identity provider) failed; its details stay in the log. */
export class BadGateway extends AppError {
  constructor(message: string) {
    super(502, message);
  }
}
/** A feature this server is not configured for. */
export class ServiceUnavailable extends AppError {
  constructor(message: string) {
    super(503, message);
  }
}
