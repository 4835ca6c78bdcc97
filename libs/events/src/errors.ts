/** Base of every error this library throws: a machine-readable `code` (house style). */
export class EventsError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/**
 * An event that breaks its contract: refused by `publish`, dead-lettered by a consumer. The message
 * names the fields at fault (zod's `prettifyError`), so the dead letter says what was wrong.
 */
export class EventValidationError extends EventsError {
  constructor(message: string, options?: ErrorOptions) {
    super('EVENT_INVALID', message, options);
  }
}

/** The bus was used the wrong way round (publish without an outbox, subscribe after start…). */
export class EventBusStateError extends EventsError {
  constructor(message: string) {
    super('EVENT_BUS_STATE', message);
  }
}

export class TransportClosedError extends EventsError {
  constructor(message = 'The event transport is closed') {
    super('EVENT_TRANSPORT_CLOSED', message);
  }
}

/** Delivery to a consumer group did not complete (in-process transport: the send is retried). */
export class DeliveryFailedError extends EventsError {
  constructor(message: string, options?: ErrorOptions) {
    super('EVENT_DELIVERY_FAILED', message, options);
  }
}
