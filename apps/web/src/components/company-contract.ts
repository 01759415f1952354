/** The company schema, from its own module: the contracts' index would bring every contract. */
export const loadCompanySchema = () =>
  import('@tender/contracts/supplier').then((contract) => contract.companySchema);

/** Which company fields the contract requires (company-contract.test.ts holds it to the schema). */
export const COMPANY_PRESENCE = {
  companyName: 'required',
  creditCode: 'required',
  legalRepresentative: 'required',
  contactName: 'required',
  phone: 'required',
  email: 'required',
  address: 'optional',
  registeredCapital: 'optional',
  businessScope: 'optional',
  categories: 'optional',
  qualificationFileIds: 'optional',
} as const;
