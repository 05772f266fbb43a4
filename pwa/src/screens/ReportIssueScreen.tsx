// Placeholder until the content lands.
export default function ReportIssueScreen() {
  return <h1>ReportIssueScreen</h1>;
}
