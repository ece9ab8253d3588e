/** What the server answers for a new transaction (a payment, an e-mandate): where to post and the signed fields. */
export interface GatewayRequest {
  txnid: string;
  action: string;
  method: 'POST';
  fields: Record<string, string>;
}

/** Posts the signed fields to the gateway as a real form, so the browser leaves for its page. */
export function postToGateway(request: GatewayRequest, doc: Document = document): void {
  const form = doc.createElement('form');
  form.method = request.method;
  form.action = request.action;
  form.hidden = true;
  for (const [name, value] of Object.entries(request.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
}
