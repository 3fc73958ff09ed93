import { messageCode } from '../../src/common/http/messages';

/**
 * The 400 answer that carries `fields` (DRF's `{"field": ["message"]}`): the same lists with
 * their codes under `error_codes`, as the server sends them. The codes come from the message
 * catalogue, so an e2e test states which messages an endpoint answers and this adds the wire's
 * companion (the catalogue's coding is tested in common/http).
 */
export function validationErrors(fields: Record<string, string[]>): Record<string, unknown> {
  const codes = Object.fromEntries(
    Object.entries(fields).map(([field, messages]) => [
      field,
      messages.map((message) => {
        const coded = messageCode(message);
        if (!coded) throw new Error(`not a message of the catalogue: ${message}`);
        return coded;
      }),
    ]),
  );
  return { ...fields, error_codes: codes };
}
