import FlowLanguage
import Testing

/// Formats `text` (which must parse cleanly).
func formatted(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
  let parsed = Parser.parse(SourceFile(path: "test.flow", text: text))
  #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)", sourceLocation: sourceLocation)
  return FlowFormatter.format(parsed.file)
}

func commentTexts(_ text: String) -> [String] {
  Lexer.lex(SourceFile(path: "test.flow", text: text)).comments.map(\.comment.text)
}

@Suite struct FormatterTests {
  /// The whole-file example of the language draft.
  static let draft = """
    // The shopping app of the Coordinator library's demo, as a flow.
    app Shop {
      library radianttap            // which runtime: radianttap | router | insecurity | presenter
      window App                    // the coordinator that owns the window's root
      home Home                     // the screen that `can-return` aims for
      limits { stack 6, presented 2, depth 14 }
    }

    screen Home
    screen Catalog
    screen Product
    screen Cart      { style pageSheet }
    screen Login     { style formSheet, modalInPresentation }
    screen Checkout
    screen Receipt   { style fullScreen }

    var loggedIn = false
    var cartItems: 0...3 = 0

    coordinator App: NavigationCoordinator {
      root window                   // a new navigation controller as the window's root
      start { root Home }

      on Home.browse   { startChild Catalog }
      on Home.openCart { startChild Cart }

      handle cartAdd {              // a message arriving up the coordinatingResponder chain
        if cartItems < 3 { cartItems += 1 }
      }
      handle accountLogin { startChild Account }
    }

    coordinator Catalog: NavigationCoordinator {
      root parent                   // shares the parent's navigation controller
      start { show Catalog }
      on Catalog.select    { show Product }
      on Product.related   { show Product }
      on Product.addToCart { send cartAdd }
    }

    coordinator Cart: NavigationCoordinator {
      root presented                // a new navigation controller, presented by the parent
      start { root Cart }
      on Cart.close    { dismiss; finish }
      on Cart.checkout {
        if loggedIn { show Checkout } else { send accountLogin }
      }
      on Checkout.pay  {
        after payment {             // async work: its completion is a later, separate event
          present Receipt
        }
      }
      on Receipt.done  { dismiss; finish }
    }

    coordinator Account: NavigationCoordinator {
      root presented
      start { root Login }
      on Login.submit { loggedIn = true; dismiss; finish }
    }

    event logout {                  // an app-level event that may arrive in any state
      loggedIn = false
    }

    always !(top == Checkout && !loggedIn)
    reachable top == Receipt
    expect pass                     // or: expect violation shadow-sync, orphan-child
    """

  static let draftFormatted = """
    // The shopping app of the Coordinator library's demo, as a flow.
    app Shop {
      library radianttap  // which runtime: radianttap | router | insecurity | presenter
      window App  // the coordinator that owns the window's root
      home Home  // the screen that `can-return` aims for
      limits { stack 6, presented 2, depth 14 }
    }

    screen Home
    screen Catalog
    screen Product
    screen Cart { style pageSheet }
    screen Login { style formSheet, modalInPresentation }
    screen Checkout
    screen Receipt { style fullScreen }

    var loggedIn = false
    var cartItems: 0...3 = 0

    coordinator App: NavigationCoordinator {
      root window  // a new navigation controller as the window's root
      start { root Home }

      on Home.browse { startChild Catalog }
      on Home.openCart { startChild Cart }

      handle cartAdd {
        // a message arriving up the coordinatingResponder chain
        if cartItems < 3 { cartItems += 1 }
      }
      handle accountLogin { startChild Account }
    }

    coordinator Catalog: NavigationCoordinator {
      root parent  // shares the parent's navigation controller
      start { show Catalog }
      on Catalog.select { show Product }
      on Product.related { show Product }
      on Product.addToCart { send cartAdd }
    }

    coordinator Cart: NavigationCoordinator {
      root presented  // a new navigation controller, presented by the parent
      start { root Cart }
      on Cart.close { dismiss; finish }
      on Cart.checkout {
        if loggedIn { show Checkout } else { send accountLogin }
      }
      on Checkout.pay {
        after payment {
          // async work: its completion is a later, separate event
          present Receipt
        }
      }
      on Receipt.done { dismiss; finish }
    }

    coordinator Account: NavigationCoordinator {
      root presented
      start { root Login }
      on Login.submit { loggedIn = true; dismiss; finish }
    }

    event logout {
      // an app-level event that may arrive in any state
      loggedIn = false
    }

    always !(top == Checkout && !loggedIn)
    reachable top == Receipt
    expect pass  // or: expect violation shadow-sync, orphan-child

    """

  @Test func theDraftExampleFormatsToItsGolden() {
    #expect(formatted(Self.draft) == Self.draftFormatted)
  }

  @Test func theGoldenIsAFixedPoint() {
    #expect(formatted(Self.draftFormatted) == Self.draftFormatted)
  }

  @Test func everyCommentSurvives() {
    let before = commentTexts(Self.draft)
    let after = commentTexts(formatted(Self.draft))
    #expect(before.count == 11)
    #expect(after.count == before.count)
    #expect(
      after.sorted()
        == before.map { $0.hasPrefix("//") ? String($0.reversed().drop { $0 == " " }.reversed()) : $0 }
        .sorted())
  }

  @Test func baseIsPrintedOnOneLineAndFormatsToItself() {
    let messy =
      "app A{library handwritten;base {\n  completions   popped ,\n  removeChild type,\n}\nwindow C}\n"
    let canonical =
      "app A {\n  library handwritten\n  base { completions popped, removeChild type }\n  window C\n}\n"
    #expect(formatted(messy) == canonical)
    #expect(formatted(canonical) == canonical)
    #expect(formatted("app A {\n  base {}\n}\n") == "app A {\n  base {}\n}\n")
  }

  @Test func messyLayoutBecomesCanonical() {
    let messy = """
      app   A{library radianttap;window   C
      home H ; limits {
          stack 4 ,
          presented 1,
        }
      }
      screen H{modalInPresentation,style    formSheet}
      screen   I
      var   n :   -1...3=-1
      coordinator C :NavigationCoordinator{ root window
      start{
      root H
      }



      on H.go{if n<3&&!(n==1){n+=1}else   if n>0{n-=1}else{pop  animated:false}}
      }
      always   n>=0||top==H
      expect violation shadow-sync ,can-return
      """
    #expect(
      formatted(messy) == """
        app A {
          library radianttap
          window C
          home H
          limits { stack 4, presented 1 }
        }

        screen H { modalInPresentation, style formSheet }
        screen I

        var n: -1...3 = -1

        coordinator C: NavigationCoordinator {
          root window
          start { root H }

          on H.go {
            if n < 3 && !(n == 1) { n += 1 } else if n > 0 { n -= 1 } else { pop animated: false }
          }
        }

        always n >= 0 || top == H
        expect violation shadow-sync, can-return

        """)
  }

  @Test func longOrCommentedBlocksAreExpanded() {
    let text = """
      event e { show A; show B; show C; show D }
      event f { show VeryLongScreenNameNumberOne; show VeryLongScreenNameNumberTwo; show VeryLongScreenNameNumberThree }
      event g { show A /* why */ }
      event h { if a { show A } else { if b { pop } } }
      """
    #expect(
      formatted(text) == """
        event e {
          show A
          show B
          show C
          show D
        }

        event f {
          show VeryLongScreenNameNumberOne
          show VeryLongScreenNameNumberTwo
          show VeryLongScreenNameNumberThree
        }

        event g {
          show A  /* why */
        }

        event h {
          if a { show A } else if b { pop }
        }

        """)
  }

  @Test func expandedElseIfChainsArePrintedFlat() {
    let text = """
      event e {
        if a {
          show A
          show B
          // more
        } else if b {
          after load { present C }
        } else {
          // nothing else
          pop
        }
      }
      """
    #expect(
      formatted(text) == """
        event e {
          if a {
            show A
            show B
            // more
          } else if b {
            after load { present C }
          } else {
            // nothing else
            pop
          }
        }

        """)
  }

  @Test func blankLinesAreKeptSingleAndNeverFirstInABlock() {
    let text = """
      screen A


      screen B
      screen C
      coordinator K: NavigationCoordinator {

        root window


        start {

          show A
          show B

          show C
          show D
        }
      }
      """
    #expect(
      formatted(text) == """
        screen A

        screen B
        screen C

        coordinator K: NavigationCoordinator {
          root window

          start {
            show A
            show B

            show C
            show D
          }
        }

        """)
  }

  @Test func declarationsOfDifferentKindsAreSeparated() {
    #expect(
      formatted(
        "screen A\nvar x = true\nvar y = false\nalways x\nnever y\nexpect pass\nevent e { x = true }\nevent f { y = true }"
      )
        == """
        screen A

        var x = true
        var y = false

        always x
        never y
        expect pass

        event e { x = true }
        event f { y = true }

        """)
  }

  @Test func emptyBodies() {
    #expect(
      formatted(
        "app A { }\ncoordinator C: NavigationCoordinator {}\nscreen S {}\nevent e {}\napp B { limits { } }")
          == """
          app A {}

          coordinator C: NavigationCoordinator {}

          screen S

          event e {}

          app B {
            limits {}
          }

          """)
  }

  @Test func commentsStayWithTheirItems() {
    let text = """
      // header

      app A {   // opening
        library radianttap    // trailing   \("")
        // before the brace
      }
      screen S /* inline */
      coordinator C: NavigationCoordinator {
        start {
          show S
          // last in block
        }
        // last member
      }

      // the end
      /* really */
      """
    let expected = """
      // header
      app A {
        // opening
        library radianttap  // trailing
        // before the brace
      }

      screen S  /* inline */

      coordinator C: NavigationCoordinator {
        start {
          show S
          // last in block
        }
        // last member
      }

      // the end
      /* really */

      """
    #expect(formatted(text) == expected)
    #expect(formatted(expected) == expected)
  }

  @Test func aCommentOnlyFileKeepsItsComments() {
    #expect(formatted("// one\n\n/* two */\n") == "// one\n/* two */\n")
  }

  @Test func expressionsGetMinimalSpacing() {
    #expect(
      formatted("always !(a&&b)||-n< -(2)&&started( C )&&onScreen(S,2)==f()")
        == "always !(a && b) || -n < -(2) && started(C) && onScreen(S, 2) == f()\n"
    )
  }

  @Test func treesBuiltByCodeGetTheParenthesesTheyNeed() {
    let r = SourceRange.at(0)
    func name(_ text: String) -> Expression { Expression(kind: .name(Name(text, r)), range: r) }
    func binary(_ op: BinaryOperator, _ l: Expression, _ rhs: Expression) -> Expression {
      Expression(kind: .binary(op, l, rhs), range: r)
    }
    let orInsideAnd = binary(.and, binary(.or, name("a"), name("b")), name("c"))
    #expect(FlowFormatter.format(orInsideAnd) == "(a || b) && c")
    let rightNested = binary(.subtract, name("a"), binary(.subtract, name("b"), name("c")))
    #expect(FlowFormatter.format(rightNested) == "a - (b - c)")
    let notOfAnd = Expression(kind: .unary(.not, binary(.and, name("a"), name("b"))), range: r)
    #expect(FlowFormatter.format(notOfAnd) == "!(a && b)")
    for expression in [orInsideAnd, rightNested, notOfAnd] {
      let text = "always " + FlowFormatter.format(expression)
      let reparsed = Parser.parse(SourceFile(path: "t.flow", text: text)).file
      guard case .property(let property) = reparsed.declarations.first?.kind else {
        Issue.record("no property")
        continue
      }
      #expect(FlowFormatter.format(property.expression) == FlowFormatter.format(expression))
    }
  }

  @Test func outputEndsWithExactlyOneNewline() {
    #expect(formatted("screen A\n\n\n") == "screen A\n")
    #expect(FlowFormatter.format(FlowFile()) == "\n")
  }
}
