// Placeholder until the content lands.
export default function TermsOfServiceScreen() {
  return <h1>TermsOfServiceScreen</h1>;
}
