{ context in HStack { Text(context.state.eta, style: .timer); Spacer() } }
