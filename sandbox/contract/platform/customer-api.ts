import { z } from 'zod'
import { IsoTimestamp } from '../currency.ts'
import { CountryAlpha3, Customer } from './customer.ts'
import { Transaction } from './transaction.ts'

const text = (max: number) => z.string().trim().min(1).max(max)

/** A customer's postal address; `country` is ISO 3166-1 alpha-3, `administrativeArea` e.g. a US state. */
export const CustomerAddress = z
  .strictObject({
    line1: text(200),
    line2: text(200).optional(),
    city: text(100),
    postalCode: text(20),
    country: CountryAlpha3,
    administrativeArea: text(50).optional(),
  })
  .refine((address) => address.country !== 'USA' || address.administrativeArea !== undefined, {
    message: 'address.administrativeArea is required when address.country is USA (the state, e.g. NY)',
    path: ['administrativeArea'],
  })
export type CustomerAddress = z.infer<typeof CustomerAddress>

/** Body of `POST /platform/v1/customers/{customerId}/details`. `dateOfBirth` must make the customer at least 18. */
export const SubmitDetailsRequest = z.strictObject({
  firstName: text(100),
  lastName: text(100),
  dateOfBirth: z.iso
    .date({ error: 'dateOfBirth must be a real date in the form YYYY-MM-DD' })
    .refine((date) => date >= '1900-01-01', 'dateOfBirth must be on or after 1900-01-01'),
  address: CustomerAddress,
})
export type SubmitDetailsRequest = z.infer<typeof SubmitDetailsRequest>

/** A customer's personal details as the Customer API reports them (null until submitted). */
export const PersonalDetails = z.object({
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string().nullable(),
  address: CustomerAddress.nullable(),
})
export type PersonalDetails = z.infer<typeof PersonalDetails>

/** What a file shows: an identity document or a selfie. */
export const DocumentType = z.enum(['passport', 'driving_licence', 'national_id', 'selfie'])
export type DocumentType = z.infer<typeof DocumentType>

/** File formats the sandbox accepts (checked against the bytes' magic number). */
export const UploadContentType = z.enum(['image/jpeg', 'image/png', 'application/pdf'])
export type UploadContentType = z.infer<typeof UploadContentType>

/** Largest file, in bytes. */
export const MAX_UPLOAD_BYTES = 1_000_000

/** Where a file is: URL issued, bytes received, or confirmed for verification. */
export const FileStatus = z.enum(['awaiting_upload', 'uploaded', 'confirmed'])
export type FileStatus = z.infer<typeof FileStatus>

/** One of a customer's files; `size` is the bytes received, or the declared size while `awaiting_upload`. */
export const CustomerFile = z.object({
  id: z.string().min(1),
  documentType: DocumentType,
  contentType: UploadContentType,
  size: z.number().int().positive(),
  status: FileStatus,
})
export type CustomerFile = z.infer<typeof CustomerFile>

/**
 * `GET /platform/v1/customers/{customerId}`: the customer, the partner's id for it (`externalCustomerId`, null until a
 * session links one: the reference's Platform Customer, decision 0089), its details and its files.
 */
export const CustomerDetails = Customer.extend({
  externalCustomerId: z.string().nullable(),
  details: PersonalDetails,
  files: z.array(CustomerFile),
})
export type CustomerDetails = z.infer<typeof CustomerDetails>

/** Body of `POST /platform/v1/customers/{customerId}/files/upload-url`. */
export const UploadUrlRequest = z.strictObject({
  documentType: DocumentType,
  contentType: UploadContentType,
  size: z.number().int().min(1).max(MAX_UPLOAD_BYTES),
})
export type UploadUrlRequest = z.infer<typeof UploadUrlRequest>

/** Where to `PUT` the file's bytes, and until when. */
export const UploadUrl = z.object({
  uploadId: z.string().min(1),
  uploadUrl: z.string().min(1),
  expiresAt: IsoTimestamp,
})
export type UploadUrl = z.infer<typeof UploadUrl>

/** Query of `PUT /platform/v1/uploads/{uploadId}`: the signed token of the upload URL. */
export const UploadQuery = z.object({ token: z.string().min(1) })
export type UploadQuery = z.infer<typeof UploadQuery>

/** Answer to a successful `PUT` of a file's bytes. */
export const UploadReceipt = z.object({
  uploadId: z.string().min(1),
  status: z.literal('uploaded'),
  size: z.number().int().positive(),
})
export type UploadReceipt = z.infer<typeof UploadReceipt>

/** Body of `POST /platform/v1/customers/{customerId}/files/confirm`. */
export const ConfirmFilesRequest = z.strictObject({ uploadIds: z.array(z.string().min(1).max(64)).min(1).max(10) })
export type ConfirmFilesRequest = z.infer<typeof ConfirmFilesRequest>

/** Body of `POST /platform/v1/customers/{customerId}/export`: the token from the customer-export frame. */
export const ExportRequest = z.strictObject({ consentToken: z.string().min(1).max(4096) })
export type ExportRequest = z.infer<typeof ExportRequest>

/** A customer's consent to one export. */
export const ExportConsent = z.object({ consentToken: z.string().min(1), expiresAt: IsoTimestamp })
export type ExportConsent = z.infer<typeof ExportConsent>

/** Everything the sandbox holds about a customer; transactions newest first. */
export const CustomerExport = z.object({
  customer: Customer,
  details: PersonalDetails,
  files: z.array(CustomerFile),
  transactions: z.array(Transaction),
  exportedAt: IsoTimestamp,
})
export type CustomerExport = z.infer<typeof CustomerExport>
