import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  readVerifyAnswer,
  underWay,
  VerifyAnswerRefusal,
  verifyForm,
} from '../../../../../src/server/api/payments/verifyProtocol.ts';

const sha512 = (text: string) => createHash('sha512').update(text).digest('hex');

describe('PayU verify_payment', () => {
  it('signs the call as PayU documents it: sha512(key|command|var1|SALT), several txnids joined by |', () => {
    expect(verifyForm('gtKFFx', 'eCwWELxi', ['BF1', 'BF2'])).toEqual({
      key: 'gtKFFx',
      command: 'verify_payment',
      var1: 'BF1|BF2',
      hash: sha512('gtKFFx|verify_payment|BF1|BF2|eCwWELxi'),
    });
  });

  it('reads each transaction asked about; one PayU never saw is not found', () => {
    const answer = {
      status: 1,
      msg: '1 out of 2 Transactions Fetched Successfully',
      transaction_details: {
        BF1: {
          mihpayid: '403993715521937565',
          status: 'success',
          unmappedstatus: 'captured',
          amt: '150000',
          mode: 'UPI',
          udf1: '8892941567',
          udf2: 'BASBA',
          error_Message: 'NO ERROR',
          Merchant_UTR: null,
        },
        BF2: { mihpayid: 'Not Found', status: 'Not Found' },
      },
    };
    const read = readVerifyAnswer(answer, ['BF1', 'BF2', 'BF3']);
    expect(read.get('BF1')).toEqual({
      txnid: 'BF1',
      found: true,
      status: 'success',
      unmappedstatus: 'captured',
      mihpayid: '403993715521937565',
      mode: 'UPI',
      amount: '150000.00',
      applicationNumber: '8892941567',
      payMode: 'BASBA',
      errorMessage: 'NO ERROR',
      fields: {
        mihpayid: '403993715521937565',
        status: 'success',
        unmappedstatus: 'captured',
        amt: '150000',
        mode: 'UPI',
        udf1: '8892941567',
        udf2: 'BASBA',
        error_Message: 'NO ERROR',
      },
    });
    expect(read.get('BF2')).toEqual({ txnid: 'BF2', found: false });
    expect(read.get('BF3')).toEqual({ txnid: 'BF3', found: false });
    expect(underWay(read.get('BF1')!)).toBe(false);
    expect(underWay(read.get('BF2')!)).toBe(true);
  });

  it('a checkout not finished is under way, a real pending is not', () => {
    const of = (unmappedstatus: string) =>
      readVerifyAnswer({ transaction_details: { T: { status: 'pending', unmappedstatus, amt: '1.00' } } }, [
        'T',
      ]).get('T')!;
    expect(underWay(of('in progress'))).toBe(true);
    expect(underWay(of('initiated'))).toBe(true);
    expect(underWay(of('pending'))).toBe(false);
  });

  it('refuses an answer without transaction details, naming PayU’s message', () => {
    expect(() => readVerifyAnswer({ status: 0, msg: 'Invalid Hash.' }, ['T'])).toThrow(VerifyAnswerRefusal);
    expect(() => readVerifyAnswer({ status: 0, msg: 'Invalid Hash.' }, ['T'])).toThrow(
      'no transaction_details: Invalid Hash.',
    );
    expect(() => readVerifyAnswer('<html>', ['T'])).toThrow('the answer is not JSON');
  });

  it('never reads a txnid from the prototype', () => {
    const read = readVerifyAnswer({ transaction_details: {} }, ['constructor', '__proto__']);
    expect(read.get('constructor')).toEqual({ txnid: 'constructor', found: false });
    expect(read.get('__proto__')).toEqual({ txnid: '__proto__', found: false });
  });
});
