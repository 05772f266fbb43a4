// Placeholder until the content lands.
export default function PrivacyPolicyScreen() {
  return <h1>PrivacyPolicyScreen</h1>;
}
