// Placeholder until the content lands.
export default function RefundPolicyScreen() {
  return <h1>RefundPolicyScreen</h1>;
}
