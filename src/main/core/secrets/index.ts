// The one place Loupe decides what is secret. Inspect previews use it today; run
// staging and X-Ray previews must use the same two checks:
// 1. a path for which isCredentialPath is true is never opened, sized or sent
//    (decided on the name alone, before any file-system call);
// 2. any text shown or staged goes through redactSecrets / redactTexts first
//    (or findSecrets + applyRedactions when spans are needed, e.g. to count them).
// The rules are listed in docs/secrets.md (rules-doc.test.ts keeps it in step).
export { credentialRuleFor, isCredentialPath, isGitInternalPath } from './credential-paths';
export { forbiddenPathIn, hiddenResult, hiddenResultText } from './tool-paths';
export { applyRedactions, findSecrets, redactSecrets, redactTexts, type SecretSpan } from './redact';
