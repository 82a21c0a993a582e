import { defineScenario, type Step } from '../../harness/scenario.ts'
import { onboardWithCustomerApi } from '../../harness/steps.ts'

/** A small PDF (its magic number is ASCII, so an `api` step can send it as text). */
const PDF = '%PDF-1.7\nsandbox test file'
const customer = 'customers/{{lookup.customer.id}}'

/** An upload URL for a document, then the PDF's bytes to it; the upload is named `as`. */
const upload = (documentType: 'passport' | 'selfie', as: string): Step[] => [
  { api: `POST /platform/v1/${customer}/files/upload-url`, as, body: { documentType, contentType: 'application/pdf', size: PDF.length } },
  { api: `PUT {{${as}.body.data.uploadUrl}}`, as: `${as}Bytes`, body: PDF, headers: { 'content-type': 'application/pdf' } },
]

/**
 * The Customer API path: a customer onboarded with skipKyc gets details, a passport and a selfie, and is submitted for
 * verification: customer.identity_status_updated (platform family) with kyc pending at once, then approved once the clock has run 60 s.
 */
export default defineScenario({
  title: 'verifying a customer through the Customer API sends customer.identity_status_updated pending, then approved',
  tags: ['webhooks', 'webhooks-kyc', 'customer-api', 'kyc'],
  steps: [
    { webhooks: 'listen', as: 'hooks', events: ['customer.identity_status_updated'], scheme: 'standard' },
    ...onboardWithCustomerApi(),
    {
      api: `POST /platform/v1/${customer}/details`,
      as: 'details',
      body: { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10', address: { line1: '1 Main St', city: 'Albany', postalCode: '12207', country: 'USA', administrativeArea: 'NY' } },
    },
    ...upload('passport', 'passport'),
    ...upload('selfie', 'selfie'),
    { api: `POST /platform/v1/${customer}/files/confirm`, as: 'confirm', body: { uploadIds: [{ $ref: 'passport.body.data.uploadId' }, { $ref: 'selfie.body.data.uploadId' }] } },
    { api: `POST /platform/v1/${customer}/verify`, as: 'verify' },
    { control: 'advanceClock', by: '60s' },
  ],
  expect: {
    responses: { confirm: { status: 200 }, verify: { status: 200, body: { data: { kyc: { status: 'pending' } } } } },
    webhooks: {
      events: [
        { type: 'customer.identity_status_updated', payload: { data: { kyc: { status: 'pending', requirements: [] } }, status: 'delivered', attempts: 1, received: 1 } },
        { type: 'customer.identity_status_updated', payload: { data: { kyc: { status: 'approved', requirements: [] } }, status: 'delivered', attempts: 1, received: 1 } },
      ],
    },
  },
})
