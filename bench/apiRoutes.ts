import { format, subYears } from 'date-fns';
import type { Db } from '../src/server/db/Db.ts';
import { planFor } from '../src/server/plans/serverPlans.ts';
import { shownConsentVersions } from '../src/shared/consents.ts';
import { CAPABILITY_HEADER } from '../src/server/plugins/authenticate.ts';

/*
 * The hot routes `bench/api.ts` drives, one small entry each. An entry names its path
 * and the routes its setup needs; `setup()` prepares data through the real API and
 * returns the load: fixed bodies every connection cycles through, or one state per
 * connection (a stage save must carry the version its application is at). Bodies are
 * sealed as `{data: <envelope>}` by the runner, as the browser sends them.
 */

export interface Answer {
  status: number;
  /** The JSON answer, with a sealed `response` / `encryptedResponse` already opened. */
  body: unknown;
  headers: Record<string, string>;
}

export interface BenchContext {
  db: Db;
  connections: number;
  /** POST through the running server with the bench's Bearer token; the body is sealed unless `plain`. */
  post(path: string, body: unknown, headers?: Record<string, string>, plain?: boolean): Promise<Answer>;
}

/** What one connection sends over and over. */
export interface ConnectionLoad {
  headers: Record<string, string>;
  body: Record<string, unknown>;
}

/*
 * A route's load is data, for the load generator runs in a process of its own
 * (bench/loadGenerator.ts): fixed bodies every connection cycles through, or one body per
 * connection, `carry` naming a field of each 2xx answer the connection's next body takes.
 */
export type RouteLoad =
  | { kind: 'fixed'; bodies: unknown[]; headers?: Record<string, string>; note?: string }
  | {
      kind: 'perConnection';
      /** Called before the probe and before every run. */
      prepare?(): Promise<void>;
      /** One a connection, as prepared. */
      connections(): ConnectionLoad[];
      carry?: string;
      note?: string;
    };

export interface BenchRoute {
  name: string;
  path: string;
  /** Send bodies as plain JSON, as the browser sends this route (the quote service); default sealed. */
  plain?: boolean;
  /** Further routes setup() calls; missing ones skip this entry. */
  needs?: string[];
  setup(context: BenchContext): Promise<RouteLoad>;
}

const CREATE_PATH = '/buyonlineoauth/applications/create';
const QUOTES_PATH = '/proposal_service/v1/quotes';

/** A valid T54 proposer (the basic-details fixtures' first case) with the given mobile. */
function holder(mobileNumber: string) {
  const born = subYears(new Date(), 60);
  return {
    policyHolder: {
      proposalType: 'Individual',
      fullName: 'Ramesh Kumar Sharma',
      dateOfBirth: format(born, 'yyyy-MM-dd'),
      countryCode: '91',
      mobileNumber,
      emailId: 'ramesh.sharma@gmail.com',
      gender: 'Male',
      disclamer1: true,
      whatsappDisclaimer: true,
    },
    dateOfBirth: format(born, 'dd/MM/yyyy'),
  };
}

interface ApplicationHandle {
  applicationNumber: string;
  capability: string;
  version: number;
  basicDetails: { policyHolder: ReturnType<typeof holder>['policyHolder'] };
}

const field = (value: unknown, ...names: string[]): unknown => {
  const record = value as Record<string, unknown> | undefined;
  for (const name of names) if (record?.[name] !== undefined) return record[name];
  return undefined;
};

/** The create-application body of the basic-details screen (spec 02 §7 'Create application'). */
function createBody(mobileNumber: string) {
  const { policyHolder, dateOfBirth } = holder(mobileNumber);
  return {
    basicDetails: { policyHolder },
    dateOfBirth,
    emailId: policyHolder.emailId,
    mobileNumber,
    productId: 'T54',
    productName: 'Guaranteed Pension Plan',
    planCode: 'T54',
    productUIN: '143N066V04',
    lead_source: 'bench',
    consentVersions: shownConsentVersions(planFor('T54')!),
  };
}

/** Creates an application as the basic-details screen does. */
async function createApplication(context: BenchContext, mobileNumber: string): Promise<ApplicationHandle> {
  const body = createBody(mobileNumber);
  const { basicDetails } = body;
  const answer = await context.post(CREATE_PATH, body);
  const applicationNumber = field(answer.body, 'applicationNo', 'applicationNumber');
  const capability = field(answer.body, 'capability') ?? answer.headers[CAPABILITY_HEADER];
  if (answer.status !== 200 || typeof applicationNumber !== 'string' || typeof capability !== 'string') {
    throw new Error(`create answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
  }
  const version = Number(field(answer.body, 'version') ?? 1);
  return { applicationNumber, capability, version, basicDetails };
}

export const BENCH_ROUTES: BenchRoute[] = [
  {
    name: 'pincode lookup',
    path: '/buyonline_pincodemaster/',
    async setup({ db }) {
      // 50 pincodes spread over the whole master, so lookups touch different index pages.
      const { rows } = await db.query<{ pincode: string }>(
        `SELECT pincode FROM (
           SELECT pincode, row_number() OVER (ORDER BY pincode) AS n, count(*) OVER () AS total FROM pincodes
         ) spread WHERE n % greatest(total / 50, 1) = 0 LIMIT 50`,
      );
      if (!rows.length) throw new Error('the pincode master is empty');
      return { kind: 'fixed', bodies: rows.map(({ pincode }) => ({ pincode })) };
    },
  },
  {
    name: 'resume by mobile',
    path: '/buyonlineoauth/retrieve',
    needs: [CREATE_PATH],
    async setup(context) {
      const mobileNumber = '9876500000';
      await createApplication(context, mobileNumber);
      const { dateOfBirth } = holder(mobileNumber);
      return {
        kind: 'fixed',
        bodies: [{ mobileNumber, dateOfBirth, contryCode: '91' }],
        note: 'one holder with one application, found every time',
      };
    },
  },
  {
    name: 'create application',
    path: CREATE_PATH,
    async setup() {
      // Basic-details Continue: the application, and with it the lead and the campaign.
      const batch = `${Date.now() % 100_000}`.padStart(5, '0');
      return {
        kind: 'fixed',
        bodies: Array.from({ length: 20 }, (_, i) => createBody(`8${batch}${String(i).padStart(4, '0')}`)),
        note: '20 holders, a new application every request',
      };
    },
  },
  {
    name: 'quote (T54, of an application)',
    path: QUOTES_PATH,
    plain: true,
    needs: [CREATE_PATH],
    async setup(context) {
      // As the plan-details step asks: the quote names the application it is for.
      const application = await createApplication(context, '9876511111');
      const { policyHolder } = application.basicDetails;
      return {
        kind: 'fixed',
        headers: { [CAPABILITY_HEADER]: application.capability },
        bodies: [
          { amount: 200000, frequency: 'Yearly', term: 10, option: 'T54C' },
          { amount: 50000, frequency: 'Yearly', term: 5, option: 'T54A' },
          { amount: 4350, frequency: 'Monthly', term: 10, option: 'T54C' },
        ].map(({ amount, frequency, term, option }) => ({
          LifeAssuredDetail: {
            FirstName: 'Ramesh',
            MiddleName: 'Kumar',
            LastName: 'Sharma',
            Gender: policyHolder.gender,
            IsSmoker: false,
            DOB: policyHolder.dateOfBirth,
            EmailId: policyHolder.emailId,
            MobileNumber: policyHolder.mobileNumber,
          },
          PlanSectionDetails: {
            InstallmentPremiumAmount: amount,
            SumAssured: 0,
            PlanTerm: term,
            ProductUIN: '143N066V04',
            ProductName: 'Guaranteed Pension Plan',
            AnnuityFor: 'Single Life',
            AnnuityFrequency: 'Yearly',
            AnnuityOption: option,
            PremiumFrequency: frequency,
            PremiumPayingTerm: term,
            PremiumType: 'Limited',
            IsStaff: false,
            EmployeeCode: '',
            Employer: '',
            channelType: 'Online',
          },
          ProposerDetail: { FirstName: 'Ramesh', MiddleName: 'Kumar', LastName: 'Sharma' },
          agentInformation: {},
          isInstaQuote: true,
          isDIY: false,
          ApplicationNumber: application.applicationNumber,
        })),
        note: 'one application, three plan choices priced in turn',
      };
    },
  },
  {
    name: 'stage save (plan-details)',
    path: '/buyonlineoauth/stages/plan-details',
    needs: [CREATE_PATH],
    async setup(context) {
      // One application per connection: a connection sends the version its previous save
      // answered, so no two requests race for the same optimistic version. A run that stops
      // leaves saves whose answers nobody read, so every run starts on fresh applications.
      let pool: ApplicationHandle[] = [];
      return {
        kind: 'perConnection',
        carry: 'version',
        note: `${context.connections} fresh applications per run, one per connection, version carried from each answer`,
        async prepare() {
          const batch = `${Date.now() % 100_000}`.padStart(5, '0');
          pool = [];
          for (let i = 0; i < context.connections; i++) {
            pool.push(await createApplication(context, `9${batch}${String(i).padStart(4, '0')}`));
          }
        },
        connections: () =>
          pool.map((application) => ({
            headers: { [CAPABILITY_HEADER]: application.capability },
            // What the plan-details Continue sends (src/journey/submit/saveStage.ts), with the
            // plan-details fixtures' 'the defaults are valid' choices.
            body: {
              applicationNumber: application.applicationNumber,
              version: application.version,
              basicDetails: application.basicDetails,
              productId: 'T54',
              planCode: 'T54',
              planDetails: {
                investmentAmount: '50,000',
                investmentFrequency: 'Yearly',
                premiumPayingTerm: 5,
                annuityFrequency: 'Yearly',
                category: 'Single',
                planOption: 'T54A',
                componentCode: 'T54A',
                planCode: 'T54',
                productUIN: '143N066V04',
                planName: 'Guaranteed Pension Plan',
                policyTerm: 5,
                isFilled: true,
              },
            },
          })),
      };
    },
  },
];
