/** The names of our ajv keywords (./keywords.ts defines them): what a plan schema and an error may name. */
export const KEYWORD_NAMES = [
  'ageRange',
  'ageDifference',
  'notBeforeToday',
  'minimumByFrequency',
  'maximumAmount',
  'minimumAmount',
  'valuesTotal',
  'itemsTotal',
] as const;
