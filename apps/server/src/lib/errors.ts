import {
  ErrorCode,
  messageForPeople,
  type ErrorCodeValue,
  type FieldError,
} from '@tender/contracts';

/** A business error a service throws; the envelope plugin turns it into a reply. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCodeValue,
    message: string,
    readonly data?: unknown,
    /** Overrides the HTTP status of the code (413 for a too-large body). */
    readonly httpStatus?: number,
  ) {
    super(message);
  }
}

/**
 * A refused input: the person reads the message in Chinese (with the field's Chinese name when
 * the message lacks it); the API name stays in `data.fields` for the form and API clients.
 */
export class Invalid extends AppError {
  constructor(field: string, message: string) {
    super(ErrorCode.invalid, messageForPeople(field, message), {
      fields: [{ field, message }] satisfies FieldError[],
    });
  }
}
export class Forbidden extends AppError {
  constructor(message = '没有权限执行此操作') {
    super(ErrorCode.forbidden, message);
  }
}
export class NotFound extends AppError {
  constructor(message: string) {
    super(ErrorCode.notFound, message);
  }
}
export class Conflict extends AppError {
  /** With `field`, the form shows the message beside that field (a name already taken …). */
  constructor(message: string, field?: string) {
    super(
      ErrorCode.conflict,
      message,
      field ? { fields: [{ field, message }] satisfies FieldError[] } : undefined,
    );
  }
}
export class TooMany extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(ErrorCode.tooMany, message, { retryAfterSeconds });
  }
}
export class TokenInvalid extends AppError {
  constructor(message = '未登录或令牌无效，请重新登录') {
    super(ErrorCode.tokenInvalid, message);
  }
}
export class TokenExpired extends AppError {
  constructor() {
    super(ErrorCode.tokenExpired, '登录已过期，请重新登录');
  }
}
export class TokenRevoked extends AppError {
  constructor(message = '登录状态已失效（已退出、密码已修改或账号已停用），请重新登录') {
    super(ErrorCode.tokenRevoked, message);
  }
}

/** PostgreSQL's unique_violation, raised when two writers race past a pre-check. */
export const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};
/** Runs `work`; when a unique index refuses it (two writers raced past the pre-check), answers 409. */
export async function conflictOnUnique<T>(conflict: Conflict, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict;
    throw error;
  }
}

export const isForeignKeyViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23503' || e?.cause?.code === '23503';
};
