/**
 * The contract's named shapes (api/openapi.yaml components/schemas), under the names the
 * app uses. These are aliases of the generated types, never copies: change the yaml and
 * regenerate (npm run gen:api), and every reader of a changed field fails `tsc`.
 */
import type { components } from './schema';

type Schemas = components['schemas'];

export type User = Schemas['User'];
export type Device = Schemas['Device'];
export type SignInEvent = Schemas['SignInEvent'];
export type DeviceList = Schemas['DeviceList'];
export type FileRef = Schemas['FileRef'];
export type CascaderOption = Schemas['CascaderOption'];
export type ConfigEntry = Schemas['ConfigEntry'];
export type CatalogueField = Schemas['CatalogueField'];
export type FieldKey = Schemas['FieldKey'];

// Registration (docs/decisions/registration.md, "Registration (registration engineer)").
export type Registered = Schemas['Registered'];
export type StepResult = Schemas['StepResult'];
export type EnterpriseDto = Schemas['EnterpriseDto'];
export type LegalPersonDto = Schemas['LegalPersonDto'];
export type RegistrationProgress = Schemas['RegistrationProgress'];
export type RegistrationPerson = Schemas['RegistrationPerson'];
export type LegalDocument = Schemas['LegalDocument'];
export type FoundAccount = Schemas['FoundAccount'];

// The account centre (docs/decisions/account-centre.md, "Account centre").
export type PersonInfo = Schemas['PersonInfo'];
export type EnterpriseInfo = Schemas['EnterpriseInfo'];
export type EditResult = Schemas['EditResult'];
export type TrustLevel = Schemas['TrustLevel'];
export type SecurityInfo = Schemas['SecurityInfo'];
export type ModificationRecord = Schemas['ModificationRecord'];
export type FieldChange = Schemas['FieldChange'];
export type OperationRecord = Schemas['OperationRecord'];
export type AuditLogEntry = Schemas['AuditLogEntry'];
export type LatestRealNameAudit = Schemas['LatestRealNameAudit'];

// The staff console (docs/decisions/review-and-staff.md, "Review console and staff").
export type StaffMember = Schemas['StaffMember'];
export type StaffRole = StaffMember['role'];
/** StaffListItem is a member in the administrators' list, with whether their 动态口令 is enrolled. */
export type StaffListItem = Schemas['StaffListItem'];
/** TOTPEnrolment is a fresh TOTP secret to scan: its QR code and the secret in groups of four. */
export type TOTPEnrolment = Schemas['TOTPEnrolment'];
export type ReviewItem = Schemas['ReviewItem'];
export type ReviewKind = ReviewItem['kind'];
export type ReviewState = ReviewItem['state'];
export type ReviewChange = Schemas['ReviewChange'];
export type RealNameRow = Schemas['RealNameRow'];
export type ReviewDetail = Schemas['ReviewDetail'];
export type StaffAction = Schemas['StaffAction'];

// Development mode and the captcha.
export type OutboxMessage = Schemas['OutboxMessage'];
export type CaptchaImage = Schemas['CaptchaImage'];
export type CaptchaType = CaptchaImage['captchaType'];
export type CaptchaCheckResult = Schemas['CaptchaCheckResult'];
