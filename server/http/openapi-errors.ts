import type { Access } from './access';

/** The body of every refusal: the Dutch message the user sees. */
const messageBody = {
  type: 'object',
  properties: { message: { type: 'string' } },
  required: ['message'],
} as const;

/** A 422's body: the message and, per field (dotted names for nested fields), its Dutch messages. */
const fieldErrorBody = {
  type: 'object',
  properties: {
    message: { type: 'string', const: 'Validatie mislukt!' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
  required: ['message', 'errors'],
} as const;

const answer = (description: string, body: object = messageBody) => ({ description, ...body });

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

interface DescribedRoute {
  method: string;
  access: Access | undefined;
  /** The body names `_method`: a form's POST standing in for PUT (spec 2 §7), any other method refused. */
  methodOverride: boolean;
}

/**
 * The refusals a route can give, for its OpenAPI description (server/http/openapi.ts), from what the
 * route is: who may call it (server/http/access.ts), whether it takes a body, and the error handler's
 * answers (server/http/error-handler.ts). tests/support/declared-answers.ts checks them against every
 * answer the fuzz and enforcement tests get.
 */
export function errorAnswers({ method, access, methodOverride }: DescribedRoute): Record<string, object> {
  const unsafe = UNSAFE.has(method);
  const signedIn = access !== undefined && access !== 'public';
  const answers: Record<string, object> = {
    '404': answer('Niet gevonden: het record bestaat niet of valt buiten de klanten van de gebruiker.'),
    '422': answer('Ongeldige invoer, per veld een Nederlandse melding.', fieldErrorBody),
    '429': answer('Te veel pogingen; probeer het later opnieuw.'),
    '503': answer('De database (of de bestandsopslag) is tijdelijk niet bereikbaar.'),
  };
  if (signedIn) {
    answers['401'] = answer('Niet ingelogd, of de tweestapsverificatie is nog niet gedaan.');
    answers['403'] = answer('De gebruiker heeft het recht van deze route niet.');
  }
  if (unsafe) {
    answers['400'] = answer('De verzonden gegevens zijn geen geldige JSON.');
    answers['409'] = answer(
      'Botst met de huidige stand (al gedaan, al gebruikt, of de Idempotency-Key hoort bij een ander verzoek).',
    );
    answers['413'] = answer('De aanvraag of het bestand is te groot.');
    answers['415'] = answer('Dit type gegevens wordt niet ondersteund.');
    answers['419'] = answer('Het anti-forgery-token ontbreekt of klopt niet: de sessie is verlopen.');
  }
  if (methodOverride) answers['405'] = answer('Het formulier vraagt geen wijziging: _method is niet PUT of PATCH.');
  return answers;
}
