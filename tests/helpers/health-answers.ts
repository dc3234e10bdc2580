/** Health form answers the API tests send (docs/product.md §13): every required question answered, no red flag. */
export const QUIET_HEALTH_ANSWERS = {
  recentSurgery: false,
  recentInjury: false,
  bloodClots: false,
  heartCondition: false,
  bloodPressure: 'normal',
  diabetes: false,
  epilepsy: false,
  cancerTreatment: false,
  skinCondition: false,
  infectiousIllness: false,
  pregnant: false,
  takingMedication: false,
  bloodThinners: false,
  allergies: ['none'],
  pressure: 'medium',
  emergencyContactName: 'Mere Taylor',
  emergencyContactPhone: '021 555 0101',
};

/** On warfarin, named under medication and the blood-thinner question answered yes: the 'blood thinners' flag. */
export const ON_WARFARIN_ANSWERS = {
  ...QUIET_HEALTH_ANSWERS,
  takingMedication: true,
  medicationNames: 'warfarin 5 mg',
  bloodThinners: true,
};
