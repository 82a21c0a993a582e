/** The Customer API's behaviour (DESIGN §4): read, details, files, verify, export. */
export { getCustomerDetails } from './get-customer.ts'
export { submitDetails } from './submit-details.ts'
export { createUploadUrl } from './upload-url.ts'
export { receiveUpload, uploadTokenTenant } from './receive-upload.ts'
export { confirmFiles } from './confirm-files.ts'
export { verifyCustomer } from './verify-customer.ts'
export { exportCustomer, issueExportConsent } from './export-customer.ts'
export { approveIdentity, getIdentity, identityIdOf, needsIdentityVerification } from './identity-verification.ts'
