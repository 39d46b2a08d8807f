/**
 * Every user-facing text the server and the forms share, in the spec's exact English words.
 * `{name}` marks a parameter; `formatText` fills it. The web app translates these by key
 * (locales `validation.<key>`), so the English here is the only copy.
 */
export const TEXT = {
  required: 'This field is required',
  minLength: 'Must be at least {length} characters',
  maxLength: 'Must be at most {length} characters',
  invalidEmail: 'Please enter a valid email address',
  passwordMin: 'Password must be at least 8 characters',
  passwordsMatch: 'Passwords must match',
  contactFailed: 'Failed to send message. Please try again.',
  contactCheckInput: 'Please check your input and try again.',
  contactFixErrors: 'Please fix the errors below',
  contactSent: 'Thank you! Your message has been sent.',
  nameLetters: 'Name can only contain letters and spaces',
  phoneCharacters: 'Phone number can only contain digits, spaces and + - ( )',
  phoneExact: 'Phone number must be exactly 11 digits',
  passwordComplexity: 'Password must contain an uppercase letter, a lowercase letter and a number',
  userType: 'Please select a valid user type',
  emailTaken: 'This email is already registered',
  phoneTaken: 'This phone number is already registered',
  otpIncomplete: 'Please enter the complete OTP code',
  identifierNotFound: 'Email or phone number not found',
  otpInvalid: 'The code is incorrect. Please try again.',
  otpExpired: 'This code has expired or is no longer valid. Please request a new one.',
  otpTooManyTries: 'Too many wrong codes. Please request a new code.',
  otpResendWait: 'Please wait {seconds} seconds before requesting a new code.',
  otpSent: 'A verification code has been sent.',
  tooManyAttempts: 'Too many attempts. Please try again in {minutes} minutes.',
  invalidCredentials: 'Incorrect email, phone number or password',
  verificationRequired:
    'Account verification required. Please check your email or phone for the verification code.',
  resetNotFound: 'Email or phone number not found. Please try the forgot password process again.',
  resetTokenInvalid: 'Your reset session has expired. Please start the forgot password process again.',
  loginSuccess: 'Logged in successfully',
  logoutSuccess: 'Logged out successfully',
  registerSuccess: 'Account created. Please enter the verification code we sent you.',
  accountVerified: 'Account verified successfully',
  resetCodeVerified: 'Password reset code verified',
  emailVerified: 'Email verified successfully',
  otpVerified: 'OTP verified successfully',
  passwordReset: 'Your password has been reset. Please log in.',
  linkedinFailed: 'LinkedIn authentication failed',
  linkedinInvalidState: 'Invalid state parameter. Please try again.',
  linkedinNotConfigured: 'LinkedIn sign-in is not configured on this server.',
  popupBlocked: 'Popup blocked. Please allow popups for this site.',
  verificationFailed: 'Verification failed',
  alreadyVerified: 'This account is already verified. Please log in.',
  wrongChannel: 'Please use the email address of your account',
  invalidPropertyType: 'Please select a valid property type',
  selectPropertyType: 'Please select at least one property type',
  selectLocation: 'Please select at least one location',
  unknownCity: 'Please select cities from the list',
  invalidLink: 'Please enter a valid link starting with http:// or https://',
  invalidImage: 'Please choose a valid image (JPEG, PNG, WebP or GIF)',
  imageTooLarge: 'Image size limit exceeded',
  noImage: 'Please choose an image to upload',
  cannotFollowSelf: 'You cannot follow yourself',
  cannotBlockSelf: 'You cannot block yourself',
  userBlocked: 'Account blocked. You will no longer see each other’s posts, comments or messages.',
  userUnblocked: 'Account unblocked.',
  userUnavailable: 'This account is not available.',
  conversationBlocked: 'You can no longer send messages in this conversation.',
  reportReasonRequired: 'Please choose a reason',
  reportDetailsRequired: 'Please tell us what is wrong',
  reportCreated: 'Thank you. Our moderators will review your report.',
  reportDuplicate: 'You have already reported this.',
  reportOwn: 'You cannot report your own content',
  moderationReasonRequired: 'Please give a reason',
  suspendDays: 'Please enter a number of days from 1 to 3650, or suspend for good',
  registrationNumberInvalid:
    'Please enter the commercial registration number as it is written on the certificate',
  verificationDocumentRequired: 'Please attach your commercial registration certificate',
  verificationDocumentInvalid: 'Please attach a PDF or an image (JPEG, PNG or WebP)',
  verificationDocumentTooLarge: 'The document must be 10 MB or less',
  verificationCompanyOnly: 'Only developer (company) accounts can be verified as companies',
  verificationPending: 'Your request is being reviewed. We will email you the answer.',
  verificationAlreadyApproved: 'Your company is already verified',
  verificationRequested: 'Thank you. Our team will review your company’s documents.',
  verificationApproved: 'Company verified',
  verificationRefused: 'Verification refused',
  reportDismissed: 'Report dismissed',
  notificationsAllRead: 'All notifications marked as read',
  notificationNotFound: 'Notification not found',
  notificationPreferencesSaved: 'Notification settings saved',
  unsubscribed:
    'You will no longer receive emails about notifications. You can turn them back on in Settings.',
  unsubscribeInvalid: 'This unsubscribe link is not valid',
  pushServiceRefused: "This browser's push service is not one we can send to",
  licenceChecked: 'Licence marked as checked',
  licenceUnchecked: 'Licence check removed',
  licenceMissing: 'This listing has no licence number',
  contentRemoved: 'Content removed',
  userWarned: 'Warning sent',
  userSuspended: 'Account suspended',
  userRestored: 'Account restored',
  moderatorGranted: 'Moderator added',
  moderatorRevoked: 'Moderator removed',
  accountSuspended: 'This account is suspended until {date}. Contact us if you think this is a mistake.',
  accountSuspendedForever: 'This account is suspended. Contact us if you think this is a mistake.',
  cannotModerateSelf: 'You cannot act on your own account',
  notAuthorized: 'You are not authorized to perform this action.',
  preferencesSaved: 'Preferences saved',
  profileUpdated: 'Profile updated successfully',
  pictureUpdated: 'Profile picture updated',
  coverUpdated: 'Cover photo updated',
  pictureDeleted: 'Profile picture removed',
  coverDeleted: 'Cover photo removed',
  contactVisibilityUpdated: 'Contact visibility updated',
  followed: 'You are now following this account',
  unfollowed: 'You have unfollowed this account',
  postContentRequired: 'Please add a description or upload photos',
  tooManyImages: 'Maximum {count} images per post',
  photoNotInPost: 'This photo is not part of the post',
  priceNeedsCurrency: 'Please choose the currency of the price',
  invalidCurrency: 'Please select a valid currency',
  invalidPurpose: 'Please select a valid purpose',
  invalidListingStatus: 'Please select a valid status',
  invalidNumber: 'Please enter a valid positive number',
  priceRange: 'The minimum price cannot be more than the maximum price',
  areaRange: 'The minimum area cannot be more than the maximum area',
  postCreated: 'Post created successfully!',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 visible characters.',
  clientIdInvalid: 'client_id may hold only letters, digits, underscores and hyphens.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  idempotencyKeyInFlight:
    'The first request with this Idempotency-Key is still being processed. Please try again in a moment.',
  postUpdated: 'Post updated successfully!',
  postDeleted: 'Post deleted successfully!',
  postNotFound: 'This post was not found or has been removed.',
  commentAdded: 'Comment added successfully!',
  commentUpdated: 'Comment updated successfully!',
  commentDeleted: 'Comment deleted successfully!',
  commentNotFound: 'This comment was not found or has been removed.',
  postBookmarked: 'Post bookmarked!',
  bookmarkRemoved: 'Bookmark removed!',
  searchKeywordRequired: 'Search keyword is required',
  conversationIdRequired: 'Conversation ID is required',
  conversationIdForMessages: 'Conversation ID is required for fetching messages',
  messageContentRequired: 'Message content or attachment is required',
  messageTooLong: 'Message content is too long (max 5000 characters)',
  attachmentTooLarge: 'Attachment {n} is too large (max 10MB)',
  attachmentType: 'Attachment {n} has unsupported file type',
  chatFileTooLarge: 'File is too large. Maximum size is {size}',
  chatFileType: 'File type not allowed',
  noFiles: 'No files provided',
  noValidFiles: 'No valid files provided',
  noValidFilesAfterValidation: 'No valid files after validation',
  noConversationIds: 'No conversation IDs provided for deletion',
  messageNotFound: 'Message not found',
  conversationNotFound: 'Conversation {id} not found',
  userNotFound: 'User not found',
  cannotMessageSelf: 'You cannot start a conversation with yourself',
  conversationLeft: 'The other person has left this conversation',
  notParticipant: 'You are not a participant of this conversation',
  messageNotEditable: 'Only your own text messages can be edited',
  messageSent: 'Message sent',
  messageUpdated: 'Message updated',
  messageDeleted: 'Message deleted',
  conversationsDeleted: 'Conversations deleted',
  conversationLeftSelf: 'You left the conversation',
  socketNoToken: 'No authentication token available',
  socketUserMissing: 'User not authenticated - please log in',
  socketUserIdMissing: 'User ID not available - please log in again',
  socketNotConnected: 'Pusher not connected',
  tooManySockets: 'Too many open connections. Please close another tab or device and try again.',
  tooManyMessages: 'You are sending messages too quickly. Please wait {seconds} seconds and try again.',
  tooManyComments: 'You are commenting too quickly. Please wait {seconds} seconds and try again.',
  currentPasswordWrong: 'Your current password is incorrect',
  passwordChanged: 'Your password has been changed. Your other devices have been signed out.',
  passwordSet: 'Your password has been set. Your other devices have been signed out.',
  signedOutEverywhere: 'You have been signed out of all devices.',
  sameEmail: 'This is already the email address of your account',
  samePhone: 'This is already the phone number of your account',
  contactCodeSent: 'We sent a code to {address}. Enter it to confirm the change.',
  emailChanged: 'Your email address has been changed',
  phoneChanged: 'Your phone number has been changed',
  accountLocked:
    'Too many wrong passwords: this account is locked for {minutes} minutes. If it is yours, sign in with a code sent to you.',
  unlockCodeSent: 'A sign-in code has been sent.',
  accountDeletionScheduled:
    'Your account will be deleted in {days} days. Log in before then if you change your mind.',
  accountDeletionCancelled: 'Welcome back. Your account will no longer be deleted.',
  deletionCodeSent: 'We sent a code to {address}. Enter it to delete your account.',
  identityCodeSent: 'We sent a code to {address}. Enter it to confirm it is you.',
  dataExportRequested: 'We are preparing a copy of your data. We will email you when it is ready.',
  dataExportBusy: 'A copy of your data is already being prepared.',
  dataExportNotFound: 'This download is not available. Ask for a new copy of your data in Settings.',
  dataExportExpired: 'This download link has expired. Ask for a new copy of your data in Settings.',
  // Saved searches (issue 23).
  savedSearchLimit: 'You can save up to {max} searches. Delete one to save another.',
  savedSearchEmpty: 'Choose at least one thing to look for',
  savedSearchCitiesMax: 'Choose at most {count} cities',
  savedSearchNotFound: 'Saved search not found',
} as const;

export type TextKey = keyof typeof TEXT;

export const isTextKey = (name: string): name is TextKey => Object.hasOwn(TEXT, name);

/** Every key of the catalogue, in its order (the envelope's `code` is one of them). */
export const TEXT_KEYS: readonly TextKey[] = Object.keys(TEXT).filter(isTextKey);

/** The values of a text's `{name}` parameters. */
export type TextParams = Record<string, string | number>;

/**
 * A catalogue text as it crosses the wire beside its words: the key, and the values of its
 * parameters. The web app translates it as `validation.<code>` with `params`.
 */
export interface TextCode {
  code: TextKey;
  params?: TextParams;
}

/** The HTTP error catalogue of spec §8: the message for each status. */
export const HTTP_TEXT = {
  400: 'Oops! Something went wrong with your request. Please check your input and try again.',
  401: "You're not logged in. Please log in to continue.",
  403: "Access denied. You don't have permission to perform this action.",
  404: "The page or resource you're looking for couldn't be found.",
  413: "We couldn't process your request because the data you're trying to send is too large.",
  422: 'Some of your input seems incorrect. Please double-check and try again.',
  429: 'Too many requests. Please wait a moment and try again.',
  500: "We're experiencing some issues on our end. Please try again later.",
} as const;

export type HttpTextStatus = keyof typeof HTTP_TEXT;

export const OTHER_HTTP_TEXT =
  'Unexpected issue occurred (Error Code: {code}). Please try again or contact support.';

export function formatText(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

export function httpText(status: number): string {
  return status in HTTP_TEXT
    ? HTTP_TEXT[status as HttpTextStatus]
    : formatText(OTHER_HTTP_TEXT, { code: status });
}

/** The words of a catalogue text, its parameters filled. */
export function textOf({ code, params }: TextCode): string {
  return formatText(TEXT[code], params);
}

let keyByText: Map<string, TextKey> | undefined;

/** The key of a catalogue text given word for word (exact equality, nothing filled in). */
export function textKeyOf(text: string): TextKey | undefined {
  keyByText ??= new Map(TEXT_KEYS.map((key) => [TEXT[key], key]));
  return keyByText.get(text);
}

let catalogue: RegExp[] | undefined;

/** Whether a message is one of the catalogue's texts (a `{name}` in one matches any value). */
export function isCatalogueText(message: string): boolean {
  catalogue ??= [...Object.values(HTTP_TEXT), OTHER_HTTP_TEXT, ...Object.values(TEXT)].map(
    (text) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '.+')}$`),
  );
  return catalogue.some((re) => re.test(message));
}
