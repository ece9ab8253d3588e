/** Spec 01 §1 footer: regulator information, a fraud-call warning, registered office, corporate-agent disclaimer. */
export function SiteFooter() {
  return (
    <footer className="bf-footer">
      <p>
        <strong>Beware of spurious phone calls and fictitious or fraudulent offers.</strong> IRDAI is not
        involved in activities like selling insurance policies, announcing bonus or investment of premiums.
        Public receiving such phone calls are requested to lodge a police complaint.
      </p>
      <p>
        Bimaflow Life Insurance Company Limited, regulated by the Insurance Regulatory and Development
        Authority of India (IRDAI). Registered office: Mumbai, Maharashtra, India. Insurance is the subject
        matter of solicitation.
      </p>
      <p>
        Where a plan is sold through a corporate agent, the agent does not underwrite the risk or act as an
        insurer; the contract is between the insurer and the policyholder.
      </p>
    </footer>
  );
}
